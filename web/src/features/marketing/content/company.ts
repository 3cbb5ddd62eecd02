/**
 * The company's public contact details, shown on /contact, in the footer and in the KVKK notice as the
 * data controller. One place to change them (docs/decisions/0003-site-public-pages-and-admin.md: replace with the registered
 * details before launch).
 */
import { companyIdentity } from '@contract/company';

export const company = {
  // Name and address come from the same definition as the invoice's seller block.
  legalName: companyIdentity.legalName,
  address: companyIdentity.address,
  phone: '+90 212 555 01 23',
  phoneHref: 'tel:+902125550123',
  supportEmail: 'destek@otostudyo.com.tr',
  kvkkEmail: 'kvkk@otostudyo.com.tr',
  kep: 'otostudyo@hs01.kep.tr',
  hours: 'Hafta içi 09.00–18.00',
} as const;

/**
 * The company's legal identity, one definition for the invoice PDF (server) and the contact page, footer and
 * KVKK notice (web), so the name and address a customer reads never differ. Replace with the registered
 * details before launch (docs/decisions/0003-site-public-pages-and-admin.md).
 */
export const companyIdentity = {
  legalName: 'Oto Stüdyo Yazılım ve Teknoloji A.Ş.',
  address: 'Maslak Mah. Büyükdere Cad. No: 255, 34485 Sarıyer / İstanbul',
  taxOffice: 'Maslak Vergi Dairesi',
  vkn: '6470000000',
  web: 'otostudyo.com.tr',
} as const;

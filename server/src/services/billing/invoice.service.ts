import { createRequire } from 'node:module';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { KDV_RATE_PERCENT, formatTl, splitKdv } from '../../../../contract/plans';
import type { InvoiceView } from '../../../../contract/billing.schema';
import type { BillingRepos } from './repos';
import type { InvoiceRepository, InvoiceRow } from '../../repositories/invoice.repository';
import type { OrderRow } from '../../repositories/payment-order.repository';
import type { UserRow } from '../../repositories/user.repository';
import { AppError } from '../app-error';
import { tr } from '../../../../contract/messages.tr';
import { companyIdentity } from '../../../../contract/company';

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

export const SELLER = {
  name: companyIdentity.legalName,
  address: companyIdentity.address,
  taxOffice: companyIdentity.taxOffice,
  vkn: companyIdentity.vkn,
  web: companyIdentity.web,
} as const;

interface Buyer {
  name: string;
  email: string;
  companyName: string | null;
  taxNumber: string | null;
}

export const invoiceUrl = (id: string) => `/api/invoices/${id}/pdf`;

export function toInvoiceView(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    number: row.number,
    serviceName: row.serviceName,
    status: row.status,
    invoiceType: row.invoiceType,
    orderDate: row.orderDate.toISOString(),
    totalAmount: row.totalKurus,
    netAmount: row.netKurus,
    kdvAmount: row.kdvKurus,
    invoiceUrl: invoiceUrl(row.id),
  };
}

/**
 * Issues the invoice of a paid order inside the payment transaction: e-fatura for buyers with a tax
 * number (business), e-arşiv otherwise; KDV 20 % included in the paid total.
 */
export async function issueInvoice(
  r: BillingRepos,
  order: OrderRow,
  user: UserRow,
  serviceName: string,
  at: Date,
) {
  const { netKurus, kdvKurus } = splitKdv(order.amountKurus);
  const buyer: Buyer = {
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    email: user.email,
    companyName: user.companyName,
    taxNumber: user.taxNumber,
  };
  return r.invoices.insert({
    id: randomUUID(),
    number: await r.invoices.nextNumber(at.getUTCFullYear()),
    userId: user.id,
    merchantOid: order.merchantOid,
    serviceName,
    invoiceType: user.taxNumber ? 'e-fatura' : 'e-arsiv',
    status: 'created',
    totalKurus: order.amountKurus,
    netKurus,
    kdvKurus,
    kdvRate: KDV_RATE_PERCENT,
    buyer,
    ettn: randomUUID(),
    orderDate: at,
  });
}

/** The invoice PDF's text (contract/messages.documents.tr.ts). */
const t = tr.documents.invoice;

const dateTr = (d: Date) =>
  new Intl.DateTimeFormat('tr-TR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Istanbul',
  }).format(d);

/** Renders the invoice as a PDF (DejaVu fonts: every Turkish letter prints). */
export function renderInvoicePdf(inv: InvoiceRow): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: t.title(inv.number), Author: SELLER.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', path.join(fontDir, 'DejaVuSans.ttf'));
    doc.registerFont('bold', path.join(fontDir, 'DejaVuSans-Bold.ttf'));
    const buyer = inv.buyer as Buyer;
    const eFatura = inv.invoiceType === 'e-fatura';

    doc.font('bold').fontSize(20).fillColor('#0f172a').text(t.heading(eFatura));
    doc.font('regular').fontSize(9).fillColor('#475569').text(t.numbers(inv.number, inv.ettn));
    doc.text(t.issued(dateTr(inv.orderDate), eFatura));
    doc.moveDown();
    doc.font('bold').fontSize(11).fillColor('#0f172a').text(t.seller);
    doc
      .font('regular')
      .fontSize(10)
      .text(SELLER.name)
      .text(SELLER.address)
      .text(`${SELLER.taxOffice} — VKN ${SELLER.vkn}`);
    doc.moveDown();
    doc.font('bold').fontSize(11).text(t.buyer);
    doc
      .font('regular')
      .fontSize(10)
      .text(buyer.companyName ?? buyer.name)
      .text(buyer.email);
    doc.text(buyer.taxNumber ? t.buyerTaxNumber(buyer.taxNumber) : t.consumerTaxNumber);
    doc.moveDown(1.5);

    const top = doc.y;
    doc.font('bold').fontSize(10);
    doc
      .text(t.columns.service, 50, top)
      .text(t.columns.quantity, 300, top)
      .text(t.columns.unitPrice, 350, top)
      .text(t.columns.vat, 480, top);
    doc
      .moveTo(50, top + 16)
      .lineTo(545, top + 16)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.font('regular');
    const row = top + 24;
    doc
      .text(inv.serviceName, 50, row, { width: 240 })
      .text('1', 300, row)
      .text(formatTl(inv.netKurus), 350, row);
    doc.text(`%${inv.kdvRate}`, 480, row);
    doc.moveDown(3);
    const x = 330;
    doc.text(t.net(formatTl(inv.netKurus)), x);
    doc.text(t.vat(inv.kdvRate, formatTl(inv.kdvKurus)), x);
    doc.font('bold').text(t.total(formatTl(inv.totalKurus)), x);
    doc.moveDown(2);
    doc.font('regular').fontSize(8).fillColor('#64748b');
    doc.text(t.onlineSale(SELLER.web, dateTr(inv.orderDate)), 50);
    doc.text(t.electronic);
    doc.end();
  });
}

/** Owner-or-admin access to an invoice's PDF. */
export async function invoicePdfFor(invoices: InvoiceRepository, id: string, viewer: UserRow) {
  const inv = await invoices.find(id);
  if (!inv || (inv.userId !== viewer.id && viewer.role !== 'admin')) {
    throw new AppError('NOT_FOUND', 404, tr.billing.invoiceNotFound);
  }
  return { invoice: inv, pdf: await renderInvoicePdf(inv) };
}

import { tr } from '@contract/messages.tr';

/** "Görüntüle": an invoice's PDF in a new tab (dashboard and account settings). */
export function InvoiceLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="font-semibold text-brand-700 underline">
      {tr.dashboardPage.invoiceCols.view}
    </a>
  );
}

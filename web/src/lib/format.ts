/** Turkish formatting for dates and money (ARCHITECTURE decision 12: shown in Europe/Istanbul). */
const dateFmt = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Istanbul',
});
const moneyFmt = new Intl.NumberFormat('tr-TR', {
  style: 'currency',
  currency: 'TRY',
  minimumFractionDigits: 2,
});

export const formatDate = (value: string | number | Date) => dateFmt.format(new Date(value));
/** Kuruş to a TL string, e.g. 15000 -> '₺150,00'. */
export const formatKurus = (kurus: number) => moneyFmt.format(kurus / 100);

/** SPEC §9 plan catalogue; money is integer kuruş (ARCHITECTURE decision 12). Zod-free: the pricing page paints fast. */
export const planTypes = ['basic', 'pro', 'business'] as const;
export type PlanType = (typeof planTypes)[number];
export const billingCycles = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof billingCycles)[number];

export interface Plan {
  type: PlanType;
  name: string;
  displayName: string;
  monthlyPriceKurus: number;
  photosPerMonth: number;
  canBatchProcess: boolean;
  canRemoveWatermark: boolean;
  priorityQueue: boolean;
  mostPopular: boolean;
  salesContact: boolean;
  features: string[];
}

export const plans: Record<PlanType, Plan> = {
  basic: {
    type: 'basic',
    name: 'Başlangıç',
    displayName: 'Başlangıç Planı',
    monthlyPriceKurus: 15_000,
    photosPerMonth: 5,
    canBatchProcess: false,
    canRemoveWatermark: false,
    priorityQueue: false,
    mostPopular: false,
    salesContact: false,
    features: [
      'Ayda 5 fotoğraf',
      'Tek fotoğraf işleme',
      'Arka plan değiştirme',
      'Otomatik plaka gizleme',
      'Önce/sonra karşılaştırma',
    ],
  },
  pro: {
    type: 'pro',
    name: 'Profesyonel',
    displayName: 'Profesyonel Plan',
    monthlyPriceKurus: 25_000,
    photosPerMonth: 10,
    canBatchProcess: true,
    canRemoveWatermark: true,
    priorityQueue: false,
    mostPopular: true,
    salesContact: false,
    features: [
      'Ayda 10 fotoğraf',
      'Çoklu fotoğraf işleme (en fazla 5)',
      'Filigransız indirme',
      'Plaka özelleştirme ve logo ekleme',
      'Ticari kullanım',
    ],
  },
  business: {
    type: 'business',
    name: 'Kurumsal',
    displayName: 'Kurumsal Plan',
    monthlyPriceKurus: 100_000,
    photosPerMonth: 50,
    canBatchProcess: true,
    canRemoveWatermark: true,
    priorityQueue: true,
    mostPopular: false,
    salesContact: true,
    features: [
      'Ayda 50 fotoğraf',
      'Öncelikli işlem kuyruğu',
      'Çoklu fotoğraf işleme (en fazla 5)',
      'Filigransız indirme ve ticari kullanım',
      'Öncelikli destek ve e-fatura',
    ],
  },
};

export const YEARLY_DISCOUNT = 0.1;

/** The monthly price shown for a cycle: yearly is round(monthly × 0.9) (SPEC §9). */
export function shownMonthlyPriceKurus(plan: PlanType, cycle: BillingCycle): number {
  const monthly = plans[plan].monthlyPriceKurus;
  return cycle === 'yearly' ? Math.round((monthly / 100) * (1 - YEARLY_DISCOUNT)) * 100 : monthly;
}

/** The amount charged for one period: monthly price, or round(monthly × 12 × 0.9) for a year. */
export function periodPriceKurus(plan: PlanType, cycle: BillingCycle): number {
  const monthly = plans[plan].monthlyPriceKurus;
  return cycle === 'yearly' ? Math.round((monthly / 100) * 12 * (1 - YEARLY_DISCOUNT)) * 100 : monthly;
}

export const planRank: Record<PlanType, number> = { basic: 0, pro: 1, business: 2 };

export interface QuotaPack {
  photos: number;
  priceKurus: number;
}
export const quotaPacks: QuotaPack[] = [
  { photos: 5, priceKurus: 5_000 },
  { photos: 10, priceKurus: 9_000 },
  { photos: 20, priceKurus: 16_000 },
  { photos: 50, priceKurus: 35_000 },
];

export const KDV_RATE_PERCENT = 20;

/** Splits a KDV-inclusive total into base (matrah) and KDV, rounding KDV to the kuruş. */
export function splitKdv(totalKurus: number, ratePercent = KDV_RATE_PERCENT) {
  const net = Math.round((totalKurus * 100) / (100 + ratePercent));
  return { netKurus: net, kdvKurus: totalKurus - net };
}

/** '₺1.234,50' style amount from kuruş. */
export function formatTl(kurus: number): string {
  return new Intl.NumberFormat('tr-TR', {
    style: 'currency',
    currency: 'TRY',
    minimumFractionDigits: 2,
  }).format(kurus / 100);
}

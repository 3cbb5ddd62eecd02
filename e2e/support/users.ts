export const E2E_PASSWORD = 'e2e-sifre-12345';

export interface E2eUser {
  key: string;
  email: string;
  role: 'basic' | 'pro' | 'business' | 'admin';
  firstName?: string;
  lastName?: string;
  username?: string;
  allAccess?: boolean;
  /** Made with --unverified: the settings page asks to verify the address. */
  unverified?: boolean;
}

/** Accounts created before the server starts; names chosen to exercise each display-name fallback. */
export const e2eUsers: readonly E2eUser[] = [
  { key: 'admin', email: 'admin@example.com', role: 'admin', firstName: 'Ali', lastName: 'Yönetici' },
  {
    key: 'pro',
    email: 'selin.kaya@example.com',
    role: 'pro',
    firstName: 'Selin',
    lastName: 'Kaya',
    allAccess: true,
  },
  { key: 'emailOnly', email: 'zeynep@example.com', role: 'basic' },
  // Photo flows: paid subscriptions are bought in the specs (signed sandbox callbacks), not granted.
  { key: 'studioPro', email: 'galeri.pro@example.com', role: 'pro', firstName: 'Murat', lastName: 'Galeri' },
  { key: 'studioBasic', email: 'bireysel@example.com', role: 'basic', firstName: 'Ayşe', lastName: 'Satıcı' },
  { key: 'quotaBasic', email: 'kota.bitti@example.com', role: 'basic', firstName: 'Kemal', lastName: 'Kota' },
  // Known only by username (the display-name fallback); sign-up is payment-first, so made by the CLI.
  { key: 'byUsername', email: 'kullanici.adi@example.com', role: 'basic', username: 'mehmet42' },
  // The admin console changes this one's role, All-Access and quota, so other files' users stay as they are.
  { key: 'managed', email: 'galeri.yonetilen@example.com', role: 'basic', username: 'galerici' },
  // Account settings flows (reset, password change, cancel/undo, export, deletion) use their own users.
  {
    key: 'settings',
    email: 'ayarlar@example.com',
    role: 'basic',
    firstName: 'Ayla',
    lastName: 'Ayar',
    unverified: true,
  },
  { key: 'forgot', email: 'unutkan@example.com', role: 'basic', firstName: 'Umut', lastName: 'Unutkan' },
  { key: 'deleter', email: 'silinecek@example.com', role: 'basic', firstName: 'Sinan', lastName: 'Siler' },
];

export const GOOGLE_USER = {
  sub: 'e2e-google-sub',
  email: 'google.user@gmail.test',
  email_verified: true,
  given_name: 'Gökhan',
  family_name: 'Öztürk',
};

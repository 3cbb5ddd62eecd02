export const E2E_PASSWORD = 'e2e-sifre-12345';

export interface E2eUser {
  key: string;
  email: string;
  role: 'basic' | 'pro' | 'business' | 'admin';
  firstName?: string;
  lastName?: string;
  allAccess?: boolean;
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
];

export const GOOGLE_USER = {
  sub: 'e2e-google-sub',
  email: 'google.user@gmail.test',
  email_verified: true,
  given_name: 'Gökhan',
  family_name: 'Öztürk',
};

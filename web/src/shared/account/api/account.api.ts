import type { ProfileUpdate } from '@contract/auth.schema';
import type { PublicUser } from '@contract/user.schema';
import { apiRequest } from '@/lib/api-client';

interface Done {
  success: boolean;
  message: string;
}
interface UserDone extends Done {
  user: PublicUser;
}

export const SESSIONS_KEY = ['/api/account/sessions'] as const;

export const forgotPassword = (email: string) =>
  apiRequest<Done>('POST', '/api/auth/forgot-password', { email });
export const resetPassword = (token: string, password: string) =>
  apiRequest<Done>('POST', '/api/auth/reset-password', { token, password });
export const verifyEmail = (token: string) => apiRequest<Done>('POST', '/api/auth/verify-email', { token });
export const resendVerification = () => apiRequest<Done>('POST', '/api/auth/resend-verification');
export const updateProfile = (body: ProfileUpdate) =>
  apiRequest<UserDone>('PATCH', '/api/account/profile', body);
export const updateConsents = (body: { marketingConsent: boolean; aiDataConsent: boolean }) =>
  apiRequest<UserDone>('PATCH', '/api/account/consents', body);
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiRequest<Done>('POST', '/api/account/password', { currentPassword, newPassword });
export const logoutEverywhere = () => apiRequest<Done>('POST', '/api/account/logout-everywhere');
export const cancelSubscription = () => apiRequest<Done>('POST', '/api/subscription/cancel');
export const resumeSubscription = () => apiRequest<Done>('POST', '/api/subscription/resume');
export const deleteAccount = (confirmation: string) =>
  apiRequest<Done>('POST', '/api/account/delete', { confirmation });

import type { AuthResponse, LoginRequest, MeResponse, PublicConfig } from '@contract/auth.schema';
import type { PublicUser } from '@contract/user.schema';
import { apiRequest } from '@/lib/api-client';

export const ME_KEY = ['/api/auth/me'] as const;
export const CONFIG_KEY = ['/api/config'] as const;

/** The signed-in user, or null on any failure (SPEC §4: any failure means anonymous). */
export async function fetchCurrentUser(): Promise<PublicUser | null> {
  try {
    const res = await apiRequest<MeResponse>('GET', '/api/auth/me');
    return res?.success && res.user ? res.user : null;
  } catch {
    return null;
  }
}

export const login = (body: LoginRequest) => apiRequest<AuthResponse>('POST', '/api/auth/login', body);
export const logout = () => apiRequest<{ success: boolean }>('POST', '/api/auth/logout');
export const fetchConfig = () => apiRequest<PublicConfig>('GET', '/api/config');

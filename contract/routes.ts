/** Client routes of SPEC §2; the server answers 200 with the app for these and 404 for anything else. */
export const publicRoutes = ['/', '/about', '/pricing', '/contact', '/nedir', '/gallery'] as const;
export const openRoutes = ['/login', '/register', '/kvkk', '/payment-success', '/payment-fail'] as const;
export const protectedRoutes = ['/dashboard', '/editor', '/new'] as const;
export const adminRoutes = ['/admin'] as const;
/** Aliases the spec mentions: the pricing page's '/auth' login prompt and the '/studio' reading of '/new'. */
export const aliasRoutes = { '/auth': '/login', '/studio': '/new' } as const;

export const clientRoutes: readonly string[] = [
  ...publicRoutes,
  ...openRoutes,
  ...protectedRoutes,
  ...adminRoutes,
  ...Object.keys(aliasRoutes),
];

export function isClientRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return clientRoutes.includes(clean);
}

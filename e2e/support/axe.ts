/// <reference lib="dom" />
// Browser globals are used inside page.evaluate callbacks, which run in Chromium.
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { baseURL, viewports } from './browser';

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeProblem {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * A page whose context ignores our Content-Security-Policy, which would otherwise block the injected
 * axe-core script (script-src 'self'); everything else matches newPage().
 */
export async function newAxePage(
  browser: Browser,
  viewport: keyof typeof viewports = 'desktop',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: viewports[viewport],
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    bypassCSP: true,
  });
  return context.newPage();
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best practices) and returns the serious and critical violations.
 * `exclude` lists CSS selectors left out of the scan (each use says why).
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<AxeProblem[]> {
  await page.addScriptTag({ path: axeSource });
  return page.evaluate(async (excluded) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: object,
            opts: object,
          ) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const context = excluded.length ? { include: [['html']], exclude: excluded.map((s) => [s]) } : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
  }, exclude);
}

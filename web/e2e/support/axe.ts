import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rule sets the shop holds itself to (WCAG 2.1 A and AA, and axe's best practices). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * The serious and critical violations axe finds on the page as it is now, one line each.
 * Legacy mode runs axe in the page itself: the default mode finishes every run in a new blank page (for
 * cross-origin frames, which the shop's pages have none of), and that page cost each check about as much
 * again as axe's own work, measured on /bookstore and /faq (3.4 s against 1.6 s).
 */
export async function seriousViolations(page: Page, opts: { detail?: boolean } = {}): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}${opts.detail ? `: ${v.help}` : ''} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

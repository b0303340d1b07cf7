/**
 * The `test` and `expect` every journey imports: Playwright's, plus an automatic fixture that fails a test when
 * the page broke the Content-Security-Policy (server/src/http/security-headers.ts). Two witnesses, because
 * each misses cases the other sees: a `securitypolicyviolation` listener installed in every document before its
 * scripts run, and the console, where Chromium reports refusals ("Refused to …", "… Content Security Policy …")
 * including those of documents that died before reporting. The list is checked when the test ends.
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';

export type CspViolations = string[];

const CSP_CONSOLE = /Content Security Policy|Refused to/i;
const REPORT_BINDING = '__e2eCspViolation';

/** Starts collecting the CSP violations of every page of `context`; returns the (live) list. */
export async function collectCspViolations(context: BrowserContext): Promise<CspViolations> {
  const violations: CspViolations = [];
  await context.exposeBinding(REPORT_BINDING, (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, ((text: string) => void) | undefined>)[binding];
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`.trim());
    });
  }, REPORT_BINDING);
  context.on('console', (message) => {
    if (CSP_CONSOLE.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

export const test = base.extend<{ cspViolations: CspViolations }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations = await collectCspViolations(context);
      await use(violations);
      expect(violations, 'the page broke the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Browser, BrowserContext, CDPSession, Locator, Page } from '@playwright/test';

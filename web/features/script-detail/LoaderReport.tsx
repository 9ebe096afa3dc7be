/**
 * "What this loader does" above the Copy button: HTML the page's loader rendered on the server
 * (loader-report.server.tsx), shown as it is so the page's JavaScript carries neither the texts nor
 * the rendering (docs/decisions/0018-loader-analysis.md#what-this-loader-does-on-the-script-page).
 */
export function LoaderReport({ html }: { html: string }) {
  return <div data-testid="loader-report" dangerouslySetInnerHTML={{ __html: html }} />;
}

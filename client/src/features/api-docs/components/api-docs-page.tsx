import { useEffect, useRef, useState } from 'react';
import { PRODUCT_NAME } from '@shared/constants';
import { API_DOCS_TEXTS as T, OPENAPI_DOCUMENT_URL } from '../lib/api-docs-texts';
import { loadSwaggerUi } from '../lib/load-swagger-ui';
import './api-docs-page.css';

type Stage = 'loading' | 'ready' | 'failed';

/**
 * /api-docs (issue 43): the published OpenAPI document, rendered by Swagger UI
 * (docs/decisions/132-openapi.md). Its prebuilt bundle is loaded when the page opens, and nowhere
 * else (lib/load-swagger-ui.ts). The page imports nothing the sign-in page loads too (no icons, no UI primitives):
 * a module both used would be split out of the sign-in page's bundle into a chunk of its own, which
 * costs that page's budget (scripts/bundle-budget.mjs). Public, as the document is.
 */
export function ApiDocsPage() {
  const container = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<Stage>('loading');

  useEffect(() => {
    let stopped = false;
    void loadSwaggerUi()
      .then((SwaggerUIBundle) => {
        if (stopped || !container.current) return;
        SwaggerUIBundle({
          domNode: container.current,
          url: OPENAPI_DOCUMENT_URL,
          presets: [SwaggerUIBundle.presets.apis],
          // Links inside the operations' buttons would nest one control in another (axe).
          deepLinking: false,
          syntaxHighlight: { activated: false },
          // Tags closed: a reader opens the area they need; the page draws at once.
          docExpansion: 'none',
          defaultModelsExpandDepth: -1,
          // A reference, not a console: no "Try it out" (a token belongs in a script, not a page).
          supportedSubmitMethods: [],
          // The app's CSP calls nothing elsewhere: no online validator badge.
          validatorUrl: null,
          onComplete: () => !stopped && setStage('ready'),
        });
      })
      .catch(() => !stopped && setStage('failed'));
    return () => {
      stopped = true;
    };
  }, []);

  return (
    <div className="api-docs min-h-screen bg-background">
      {/* Swagger UI draws its own <main> (the operations): this header is the banner around it. */}
      <header className="border-b bg-card">
        <div className="mx-auto max-w-7xl space-y-3 px-4 py-4">
          <nav aria-label={T.linksLabel} className="flex flex-wrap items-center justify-between gap-3">
            <a href="/" className="text-sm font-medium text-primary hover:underline">
              <span aria-hidden="true">← </span>
              {T.back}
            </a>
            <a href={OPENAPI_DOCUMENT_URL} className="text-sm font-medium text-primary hover:underline">
              {T.download}
            </a>
          </nav>
          <h1 className="text-2xl font-semibold tracking-tight">
            {PRODUCT_NAME} {T.title}
          </h1>
          <p className="max-w-3xl text-sm text-muted-foreground">{T.intro}</p>
          <p className="max-w-3xl text-sm text-muted-foreground">{T.answers}</p>
          <h2 className="pt-2 text-lg font-semibold">{T.areas}</h2>
          {stage === 'loading' && (
            <p role="status" className="text-sm text-muted-foreground">
              {T.loading}
            </p>
          )}
          {stage === 'failed' && (
            <p role="alert" className="text-sm text-destructive">
              {T.failed}
            </p>
          )}
        </div>
      </header>
      <div ref={container} aria-busy={stage === 'loading'} />
    </div>
  );
}

export default ApiDocsPage;

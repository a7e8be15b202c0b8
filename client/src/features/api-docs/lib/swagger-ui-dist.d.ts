/**
 * What swagger-ui-dist's browser bundle (swagger-ui-bundle.js, loaded as a script by the API
 * reference page) puts on `window`: the parts the page uses (the package ships no types).
 */
interface SwaggerUiOptions {
  domNode: HTMLElement;
  url: string;
  deepLinking?: boolean;
  docExpansion?: 'list' | 'full' | 'none';
  defaultModelsExpandDepth?: number;
  supportedSubmitMethods?: string[];
  validatorUrl?: string | null;
  syntaxHighlight?: false | { activated: boolean };
  onComplete?: () => void;
  presets?: unknown[];
}

interface SwaggerUiBundle {
  (options: SwaggerUiOptions): unknown;
  presets: { apis: unknown };
}

interface Window {
  SwaggerUIBundle?: SwaggerUiBundle;
}

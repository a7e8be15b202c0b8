import bundleUrl from 'swagger-ui-dist/swagger-ui-bundle.js?url';
import styleUrl from 'swagger-ui-dist/swagger-ui.css?url';

/**
 * Swagger UI's prebuilt browser bundle, loaded as a script of our own origin (the CSP's script-src)
 * with its stylesheet. As files rather than modules, the bundler never links them into the app's
 * graph: nothing is shared with, or split out of, the sign-in page's chunks.
 */
let loading: Promise<SwaggerUiBundle> | undefined;

function append(element: HTMLScriptElement | HTMLLinkElement): Promise<void> {
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener('error', () => reject(new Error(`Could not load ${element.outerHTML}`)), {
      once: true,
    });
    document.head.append(element);
  });
}

export function loadSwaggerUi(): Promise<SwaggerUiBundle> {
  loading ??= (async () => {
    const style = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: styleUrl });
    const script = Object.assign(document.createElement('script'), { src: bundleUrl });
    await Promise.all([append(style), append(script)]);
    if (!window.SwaggerUIBundle) throw new Error('Swagger UI did not load');
    return window.SwaggerUIBundle;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

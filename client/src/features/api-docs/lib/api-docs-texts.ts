/** The /api-docs page's own words (issue 43), shared with its browser test. */
export const API_DOCS_PATH = '/api-docs';
export const OPENAPI_DOCUMENT_URL = '/api/openapi.json';

export const API_DOCS_TEXTS = {
  title: 'API Reference',
  intro:
    'Every screen of the help desk is built on this API. Scripts sign in with a personal API token from Settings → Security → API Tokens, sent as Authorization: Bearer <token>.',
  answers:
    'Answers are JSON; every failure answers {success: false, message, error, fieldErrors?}. Answers may gain properties later: ignore the ones you do not know.',
  areas: 'Operations, by area',
  linksLabel: 'API reference',
  download: 'Download the OpenAPI document',
  back: 'Back to the help desk',
  loading: 'Loading the API reference...',
  failed: 'Could not load the API reference. Reload the page to try again.',
} as const;

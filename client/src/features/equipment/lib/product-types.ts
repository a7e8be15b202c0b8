/** The product types as the page shows them: capitalised (spec §2); one list with the server's. */
export { LOANER_PRODUCT_TYPE_LABELS as PRODUCT_TYPE_LABELS } from '@shared/constants';

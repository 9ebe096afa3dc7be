/** The executors' list and one executor's page (docs/product.md#executors-page). */
export const EXECUTORS_PATH = '/executors';
export const executorPath = (slug: string) => `${EXECUTORS_PATH}/${slug}`;

/** How links look inside the auth forms: the brand colour, underlined on hover. */
export const linkClass = 'font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';

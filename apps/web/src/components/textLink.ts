/** A link inside running text: underlined, so it is told apart from the words around it by more than
 *  its colour (WCAG 1.4.1), in a blue at 4.5:1 or more on the light and dark surfaces. */
export const textLinkClass = 'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 dark:text-blue-300 dark:hover:text-blue-200';

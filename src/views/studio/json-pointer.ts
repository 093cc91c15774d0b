import { pointerSpan } from '../../../domain/pages/json-pointer-span';

/**
 * Where a problem's JSON pointer (`/body/0/columns/2/label`) lies in the page's text: the value it
 * names, or the nearest enclosing value that exists (a missing property is named on its object).
 * Undefined when the text does not parse.
 */
export const pointerRange = pointerSpan;

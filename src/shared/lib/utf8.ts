/** How many bytes a text takes in UTF-8: what a node counts a memo in (the milestone's vendorFieldLength). */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

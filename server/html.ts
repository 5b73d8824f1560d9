/** Text made safe for HTML text and attribute values: every echo of visitor input goes through here. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Text for HTML bodies and attributes (e-mails, the small server-rendered pages). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

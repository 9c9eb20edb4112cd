/**
 * The API key an `Authorization: Bearer sk_…` header carries, if it carries one (issue 35, ADR
 * 059). Other Bearer values are left to their route (the operator token on /health).
 */
export function bearerKeyOf(headers: { authorization?: string | undefined }): string | undefined {
  const match = /^bearer\s+(sk_\S*)$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

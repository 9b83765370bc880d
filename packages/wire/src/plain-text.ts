/**
 * Text that svc stores or looks up as it came inside a signed value (an X-Device-Sig, a payload),
 * where the body's own text checks never look: 1–`max` characters and no control characters
 * (PostgreSQL's text holds no NUL).
 */
export function isPlainText(value: string, max = 512): boolean {
  return value.length > 0 && value.length <= max && !/[\u0000-\u001f\u007f]/.test(value);
}

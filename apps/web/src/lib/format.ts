const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** '1 credit', '12 credits', '1,250 credits'. */
export function formatCredits(count: number): string {
  return `${integer.format(count)} ${count === 1 ? 'credit' : 'credits'}`;
}

import { useQuery } from '@tanstack/react-query';

/**
 * The stored size of a result, from a HEAD request's Content-Length (no body moves: media answers
 * are immutable and cached, and the header is exact). Null while unknown or when the server does
 * not say.
 */
async function headSize(url: string, signal: AbortSignal): Promise<number | null> {
  const response = await fetch(url, { method: 'HEAD', credentials: 'include', signal });
  if (!response.ok) return null;
  const length = Number(response.headers.get('content-length'));
  return Number.isFinite(length) && length > 0 ? length : null;
}

export function useFileSize(url: string | null): number | null {
  const query = useQuery({
    queryKey: ['media', 'size', url],
    queryFn: ({ signal }) => (url === null ? null : headSize(url, signal)),
    enabled: url !== null && !url.startsWith('blob:') && !url.startsWith('data:'),
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? null;
}

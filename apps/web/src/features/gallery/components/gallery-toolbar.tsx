import { useId } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { SearchInputState } from '../hooks/use-search-input';
import {
  GALLERY_TYPE_OPTIONS,
  isGalleryType,
  SEARCH_MAX_LENGTH,
  type GalleryType,
} from '../lib/gallery-query';

interface GalleryToolbarProps {
  search: SearchInputState;
  type: GalleryType;
  onTypeChange: (type: GalleryType) => void;
}

/** Search (prompt, tool name or style) and the type filter; they wrap under each other on narrow screens. */
export function GalleryToolbar({ search, type, onTypeChange }: GalleryToolbarProps) {
  const searchId = useId();
  const hintId = useId();
  const typeId = useId();

  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
      <div className="flex min-w-0 flex-[1_1_16rem] flex-col gap-2">
        <Label htmlFor={searchId}>Search</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={search.typed}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Search by prompt, tool or style (min 2 characters)…"
            aria-describedby={hintId}
            className="pl-9"
            onChange={(event) => {
              search.setTyped(event.target.value);
            }}
          />
        </div>
        {/* The line is always there, so the hint appearing never pushes the page down. */}
        <p id={hintId} aria-live="polite" className="min-h-4 text-xs text-muted-foreground">
          {search.needsMoreCharacters ? 'Type at least 2 characters to search' : null}
        </p>
      </div>
      <div className="flex w-full flex-col gap-2 sm:w-60">
        <Label htmlFor={typeId}>Type</Label>
        <NativeSelect
          id={typeId}
          className="w-full"
          value={type}
          onChange={(event) => {
            const next = event.target.value;
            if (isGalleryType(next)) onTypeChange(next);
          }}
        >
          {GALLERY_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

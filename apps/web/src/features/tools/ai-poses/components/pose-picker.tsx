import { useId, useState } from 'react';
import { ImageOff, Shuffle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RadioGroup } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { thumbnailOf } from '@/lib/media-url';
import {
  GENDER_LABELS,
  GENDER_LIST,
  matchesFilters,
  POSE_MESSAGES,
  POSE_TYPE_FILTER_LIST,
  POSE_TYPE_LABELS,
  type Gender,
  type Pose,
  type PoseFilters,
  type PoseTypeFilter,
} from '../lib/pose-request';

const genderOptions = GENDER_LIST.map((value) => ({ value, label: GENDER_LABELS[value] }));
const typeOptions = POSE_TYPE_FILTER_LIST.map((value) => ({
  value,
  label: value === 'all' ? 'All' : POSE_TYPE_LABELS[value],
}));

function PosePicture({ pose }: { pose: Pose }) {
  const [broken, setBroken] = useState(false);
  const url = pose.imageUrls[0];
  if (broken || url === undefined) {
    // Document 2 §8: a broken pose image says so instead of showing a broken-image icon.
    return (
      <span className="flex aspect-[3/4] w-full flex-col items-center justify-center gap-1 rounded-md bg-muted px-1 text-center text-xs text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-5" />
        {POSE_MESSAGES.poseBroken}
      </span>
    );
  }
  return (
    <img
      src={thumbnailOf(url)}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => {
        setBroken(true);
      }}
      className="aspect-[3/4] w-full rounded-md bg-muted object-contain"
    />
  );
}

const cardClass = (checked: boolean) =>
  cn(
    'relative flex cursor-pointer flex-col gap-1.5 rounded-lg border p-1.5 text-center text-xs font-medium transition-colors',
    'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
    'has-[input:disabled]:cursor-not-allowed has-[input:disabled]:opacity-60',
    checked
      ? 'border-brand-500 bg-brand-50 text-brand-800'
      : 'border-border bg-surface hover:border-brand-200 hover:bg-muted/60',
  );

const radioClass =
  'absolute inset-0 m-0 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed';

interface PosePickerProps {
  poses: readonly Pose[];
  filters: PoseFilters;
  onFiltersChange: (filters: PoseFilters) => void;
  /** The chosen preset's id; null is a random pose. */
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  /** A prompt is written: pose selection is off ('Clear prompt to enable'). */
  locked: boolean;
  disabled: boolean;
}

/**
 * The pose presets (document 2 §2, §4) by gender and type, as radio cards: a random pose first,
 * then the live presets that match the filters. The grid scrolls past 600 px.
 */
export function PosePicker({
  poses,
  filters,
  onFiltersChange,
  selectedId,
  onSelect,
  loading,
  failed,
  retrying,
  onRetry,
  locked,
  disabled,
}: PosePickerProps) {
  const id = useId();
  const off = disabled || locked;
  const shown = poses.filter((pose) => matchesFilters(pose, filters));

  let grid = null;
  if (failed) {
    grid = (
      <Alert variant="destructive" role="alert">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold">{POSE_MESSAGES.posesFailed}</p>
          <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  } else if (loading) {
    grid = (
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Loading poses">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="aspect-[3/4] w-full" />
        ))}
      </div>
    );
  } else {
    grid = (
      <div
        role="radiogroup"
        aria-labelledby={`${id}-title`}
        aria-describedby={locked ? `${id}-lock` : undefined}
        className="grid max-h-[600px] grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-4"
      >
        <label className={cardClass(selectedId === null)}>
          <input
            type="radio"
            name={id}
            checked={selectedId === null}
            disabled={off}
            onChange={() => {
              onSelect(null);
            }}
            className={radioClass}
          />
          <span className="flex aspect-[3/4] w-full items-center justify-center rounded-md bg-brand-50 text-brand-600">
            <Shuffle aria-hidden="true" className="size-6" />
          </span>
          <span className="leading-tight">Random pose</span>
        </label>
        {shown.map((pose) => (
          <label key={pose.id} className={cardClass(selectedId === pose.id)}>
            <input
              type="radio"
              name={id}
              checked={selectedId === pose.id}
              disabled={off}
              onChange={() => {
                onSelect(pose.id);
              }}
              className={radioClass}
            />
            <PosePicture pose={pose} />
            <span className="leading-tight break-words">{pose.name}</span>
          </label>
        ))}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span id={`${id}-title`} className="text-sm leading-none font-medium">
          Pose
        </span>
        {locked ? (
          <span id={`${id}-lock`} className="text-xs text-muted-foreground">
            {POSE_MESSAGES.promptLock}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <RadioGroup<Gender>
          label="Pose gender"
          hideLabel
          appearance="segments-sm"
          value={filters.gender}
          options={genderOptions}
          disabled={off}
          onChange={(gender) => {
            onFiltersChange({ ...filters, gender });
          }}
        />
        <RadioGroup<PoseTypeFilter>
          label="Pose type"
          hideLabel
          appearance="segments-sm"
          value={filters.type}
          options={typeOptions}
          disabled={off}
          onChange={(type) => {
            onFiltersChange({ ...filters, type });
          }}
        />
      </div>
      {grid}
      {!failed && !loading && shown.length === 0 ? (
        <p className="text-xs text-muted-foreground">
          No poses match these filters: a random pose is used.
        </p>
      ) : null}
    </div>
  );
}

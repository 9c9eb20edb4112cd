import type { RunContext, ToolScreen } from '@/features/generations';
import type { usePoses } from '../api/poses';
import { promptLocks, withFilters, type Pose, type PoseSettings } from '../lib/pose-request';
import { PoseChoices } from './pose-choices';
import { PosePicker } from './pose-picker';

/** The pose and colour controls, loaded together as one chunk after the page (see ai-poses-page). */
export function PoseControls({
  screen,
  poses,
  query,
}: {
  screen: ToolScreen<PoseSettings, RunContext>;
  poses: readonly Pose[];
  query: ReturnType<typeof usePoses>;
}) {
  const { settings, setSettings, update, busy } = screen;
  const locked = promptLocks(settings);
  return (
    <>
      <PoseChoices settings={settings} onChange={update} disabled={busy} locked={locked} />
      <PosePicker
        poses={poses}
        filters={settings.filters}
        onFiltersChange={(filters) => {
          setSettings((current) => withFilters(current, filters, poses));
        }}
        selectedId={settings.poseId}
        onSelect={(poseId) => {
          update({ poseId });
        }}
        loading={query.isPending}
        failed={query.isError}
        retrying={query.isFetching}
        onRetry={() => {
          update({ autoPosePending: true });
          void query.refetch();
        }}
        locked={locked}
        disabled={busy}
      />
    </>
  );
}

import { Button } from '@/components/ui/button';

/** "Deleted N items · Undo" while a delete waits in its undo window (ADR 030). */
export function UndoDeleteNotice({ count, onUndo }: { count: number; onUndo: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-muted px-3 py-2 text-sm"
    >
      <span>
        Deleted {count} {count === 1 ? 'item' : 'items'}
      </span>
      <Button variant="outline" size="sm" onClick={onUndo}>
        Undo
      </Button>
    </div>
  );
}

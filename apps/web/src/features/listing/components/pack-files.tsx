import type { ListingPackAccepted } from '@studio/contract';
import { LISTING_SLOT_LABELS } from '@studio/contract/listing';
import { TableHead } from './table-head';

/** The pack's files as the zip holds them: name, SKU, slot and whether each passes its rules. */
export function PackFiles({ pack }: { pack: ListingPackAccepted }) {
  return (
    <table className="w-full table-fixed border-collapse text-left text-xs sm:text-sm">
      <caption className="sr-only">Files in {pack.fileName}</caption>
      <TableHead
        columns={[
          { label: 'File', className: 'w-[40%]' },
          { label: 'SKU' },
          { label: 'Slot' },
          { label: 'Rules' },
        ]}
      />
      <tbody>
        {pack.files.map((file) => (
          <tr key={file.file} className="border-b border-border align-top last:border-0">
            <th scope="row" className="py-2 pr-2 font-medium break-all">
              {file.file}
            </th>
            <td className="py-2 pr-2 break-all">{file.sku}</td>
            <td className="py-2 pr-2">{LISTING_SLOT_LABELS[file.slot]}</td>
            <td className="py-2">
              {file.compliant ? (
                <span className="font-medium text-success">✓ Passes</span>
              ) : (
                <span className="font-medium text-destructive">✗ Fails</span>
              )}
              {file.fixedBy !== null ? (
                <span className="block text-xs text-muted-foreground">Fixed</span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

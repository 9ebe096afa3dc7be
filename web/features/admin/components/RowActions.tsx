import { Pencil, Trash2 } from 'lucide-react';
import { useAdminMessages } from '../../staff/panel.tsx';
import { Button } from '../../../components/ui/Button.tsx';


/** A table row's last cell: Edit and Delete, each named for the row (the admin's games and executors). */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete }: { editLabel: string; deleteLabel: string; onEdit: () => void; onDelete: () => void }) {
  const c = useAdminMessages().common;
  return (
    <td className="px-3 py-1 sm:px-4">
      <div className="flex justify-end gap-1">
        <Button variant="ghost" size="icon" aria-label={editLabel} title={c.edit} onClick={onEdit}>
          <Pencil aria-hidden className="h-4 w-4" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={deleteLabel} title={c.delete} onClick={onDelete} className="text-red-300 hover:text-red-200">
          <Trash2 aria-hidden className="h-4 w-4" />
        </Button>
      </div>
    </td>
  );
}

import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** Excluir conta: opens the dialog that says what is erased and asks the password. */
export function DeleteAccountSection({ online }: { online: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-red-200">
      <CardHeader
        title="Excluir conta"
        description="Apaga a conta e todos os seus dados deste servidor: bots, contatos, conversas, fluxos, disparos, funis, pixels e arquivos. Não há como desfazer."
      />
      <CardContent>
        <Button variant="danger" disabled={!online} icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => setOpen(true)}>
          Excluir conta
        </Button>
      </CardContent>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}

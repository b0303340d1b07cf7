import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import type { BroadcastForm } from '../hooks/use-broadcast-form.ts';
import { FORM_TEXTS } from '../utils/form-texts.ts';
import { minLocalInput } from '../utils/schedule.ts';

/** Enviar em: a future time in the user's zone; blank sends after saving. Scheduling needs the server. */
export function FormScheduleCard({ form, online }: { form: BroadcastForm; online: boolean }) {
  return (
    <Card>
      <CardHeader title="Agendamento" />
      <CardContent>
        <Input
          type="datetime-local"
          label="Enviar em"
          value={form.values.scheduledLocal}
          min={minLocalInput()}
          disabled={!online}
          error={form.errors.scheduledLocal}
          helperText={online ? FORM_TEXTS.scheduleHint : FORM_TEXTS.scheduleOffline}
          onChange={(event) => form.set('scheduledLocal', event.target.value)}
        />
      </CardContent>
    </Card>
  );
}

import { useState, type FormEvent } from 'react';
import { BOT_TEXTS, BROADCAST_RATE, broadcastRateSchema, type Bot } from '@shared/bots/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useSetBroadcastRate } from '../api/bot-writes.ts';

/**
 * The bot's broadcast rate (bots.broadcast_rate, docs/decisions.md#broadcast-delivery): Telegram's ~30 a second by
 * default, up to 1 000 for paid broadcasts. Checked with the shared schema before it goes to the outbox.
 * The parent keys it by the saved value, so a change arriving from elsewhere resets the field.
 */
export function BroadcastRateCard({ bot }: { bot: Bot }) {
  const saved = bot.broadcastRate ?? BROADCAST_RATE.default;
  const [value, setValue] = useState(String(saved));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const setRate = useSetBroadcastRate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = broadcastRateSchema.safeParse(value.trim() === '' ? Number.NaN : Number(value));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? BOT_TEXTS.broadcastRateInvalid);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      await setRate(bot.id, parsed.data);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader title="Disparos" />
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
          <Input
            label={BOT_TEXTS.broadcastRateLabel}
            type="number"
            inputMode="numeric"
            min={BROADCAST_RATE.min}
            max={BROADCAST_RATE.max}
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
            helperText={BOT_TEXTS.broadcastRateHint}
          />
          <Button type="submit" variant="outline" size="sm" loading={saving} disabled={value === String(saved)}>
            Salvar velocidade
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

import { STARS_LIMITS } from '@shared/access/stars.ts';
import { Input } from '../../../components/ui/input.tsx';
import type { StarsValues } from '../utils/plan-form.ts';

type Props = {
  values: StarsValues;
  shownError: (key: string) => string | undefined;
  onChange: (changes: Partial<StarsValues>) => void;
};

const checkbox = 'flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-700';

/**
 * Selling the plan in Telegram Stars: a price per 30 days, a channel subscription link (Telegram charges it every
 * month and keeps the member's end date) and/or a charge the bot sends on /assinar (docs/product.md#acessos).
 */
export function StarsFields({ values, shownError, onChange }: Props) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Telegram Stars</legend>
      <label className={checkbox}>
        <input type="checkbox" className="size-5 accent-brand-600" checked={values.enabled} onChange={(event) => onChange({ enabled: event.target.checked })} />
        Vender com Telegram Stars
      </label>
      {values.enabled && (
        <>
          <Input
            label="Preço em Stars"
            inputMode="numeric"
            value={values.price}
            error={shownError('stars.priceStars')}
            helperText={`De ${STARS_LIMITS.priceMin} a ${STARS_LIMITS.priceMax} estrelas a cada ${STARS_LIMITS.subscriptionPeriodDays} dias.`}
            onChange={(event) => onChange({ price: event.target.value })}
          />
          <label className={checkbox}>
            <input type="checkbox" className="size-5 accent-brand-600" checked={values.subscriptionLink} onChange={(event) => onChange({ subscriptionLink: event.target.checked })} />
            Link de assinatura do canal (só para um canal)
          </label>
          <label className={checkbox}>
            <input type="checkbox" className="size-5 accent-brand-600" checked={values.invoice} onChange={(event) => onChange({ invoice: event.target.checked })} />
            Cobrança no bot (/assinar)
          </label>
          {shownError('stars.invoice') && (
            <p role="alert" className="text-sm text-red-700">
              {shownError('stars.invoice')}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}

import { useState, type FormEvent } from 'react';
import { JOIN_GATE_TEXTS, JOIN_RULE_HINTS, JOIN_RULE_LABELS, JOIN_RULES, type JoinGate, type JoinRule } from '@shared/access/join-gate.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { JOIN_GATE_TOASTS, useJoinGate, useSaveJoinRule } from '../api/join-gate.ts';
import { ChoiceControl } from './choice-control.tsx';
import { GateDecisions } from './gate-decisions.tsx';

/**
 * "Pedidos de entrada" on a chat's page (docs/product.md#acessos): what the bot does with a join request of someone
 * without access, and the gate's recent decisions. Owners and admins only (the access area), with a connection.
 */
export function JoinGateSection({ channelId }: { channelId: string }) {
  const { online } = useSyncSnapshot();
  const gate = useJoinGate(channelId, online);
  return (
    <section aria-labelledby="join-gate-title" className="space-y-4">
      <Card>
        <CardHeader
          as="h3"
          title={<span id="join-gate-title">Pedidos de entrada</span>}
          description="Para chats que pedem aprovação para entrar: quem tem acesso de um plano entra sozinho; os demais seguem a regra abaixo."
        />
        {!online ? (
          <p className="px-5 py-4 text-sm text-slate-600 sm:px-6">Conecte-se à internet para ver e mudar a regra de entrada.</p>
        ) : gate.isError && !gate.data ? (
          <p role="alert" className="px-5 py-4 text-sm text-red-700 sm:px-6">{JOIN_GATE_TOASTS.loadFailed}</p>
        ) : !gate.data ? (
          <div aria-busy="true" aria-label="Carregando regra de entrada" className="m-5 h-24 animate-pulse rounded-xl bg-slate-50" />
        ) : (
          <RuleForm key={`${gate.data.rule ?? 'padrão'}-${gate.data.plans.length}`} channelId={channelId} gate={gate.data} />
        )}
      </Card>
      {online && <GateDecisions channelId={channelId} />}
    </section>
  );
}

function RuleForm({ channelId, gate }: { channelId: string; gate: JoinGate }) {
  const [rule, setRule] = useState<JoinRule>(gate.effectiveRule);
  const save = useSaveJoinRule(channelId);
  const inPlan = gate.plans.length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(rule);
  };
  return (
    <form onSubmit={submit} className="space-y-3 px-5 py-4 sm:px-6">
      {inPlan && (
        <p className="text-sm text-slate-700">
          Chat do plano <UserText>{gate.plans.map((plan) => plan.name).join(', ')}</UserText>: quem tem acesso é aprovado automaticamente.{' '}
          {JOIN_GATE_TEXTS.challengeInPlan}
        </p>
      )}
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Quem não tem acesso</legend>
        {JOIN_RULES.filter((option) => !inPlan || option !== 'challenge').map((option) => (
          <ChoiceControl
            key={option}
            type="radio"
            name={`join-rule-${channelId}`}
            value={option}
            label={JOIN_RULE_LABELS[option]}
            description={JOIN_RULE_HINTS[option]}
            checked={rule === option}
            onChange={() => setRule(option)}
          />
        ))}
      </fieldset>
      <Button type="submit" loading={save.isPending} disabled={rule === gate.rule}>
        Salvar regra
      </Button>
    </form>
  );
}

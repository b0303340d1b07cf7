import { useDom } from '../../../test-support/setup-dom.ts';
import { describe, expect, test } from 'bun:test';
import { render } from '../../../test-support/render.tsx';
import { WelcomeSwitch } from './welcome-switch.tsx';

// eslint-disable-next-line react-hooks/rules-of-hooks -- useDom registers happy-dom for this file (beforeAll/afterAll), not a React hook
useDom();

const statusOf = async (props: Parameters<typeof WelcomeSwitch>[0]) => {
  const view = await render(<WelcomeSwitch {...props} />);
  const switchControl = view.container.querySelector('[role="switch"]');
  const status = document.getElementById(switchControl?.getAttribute('aria-describedby') ?? '')?.textContent;
  await view.unmount();
  return status;
};

describe('welcome switch', () => {
  test('says the welcome works only when the bot is active too', async () => {
    const onChange = () => {};
    expect(await statusOf({ enabled: true, onChange })).toBe('Ativa e funcionando');
    expect(await statusOf({ enabled: true, onChange, botActive: false })).toBe('Ativada, mas o bot está desativado: nada é enviado');
    expect(await statusOf({ enabled: false, onChange, botActive: false })).toBe('Desativada');
  });
});

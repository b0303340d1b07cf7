import type { Funnel } from '@shared/funnels/schemas.ts';

export type ConversionStep = { key: 'pageviews' | 'clicks' | 'entries'; label: string; value: number; /** Of the step before, pt-BR ("25%", "2,5%"); absent for the first step or when the one before is 0. */ rate?: string };

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

/**
 * The card's funnel, visits → clicks → entries, each step as a share of the one before. A share over 100% is shown
 * as it is: people also enter through the link itself, without visiting the page (the figures do not hide that).
 */
export function conversionSteps(conversion: Funnel['conversion']): ConversionStep[] {
  const steps = [
    { key: 'pageviews', label: 'Visitas', value: conversion.pageviews },
    { key: 'clicks', label: 'Cliques', value: conversion.clicks },
    { key: 'entries', label: 'Entradas', value: conversion.entries },
  ] as const;
  return steps.map((step, index) => {
    const before = index > 0 ? steps[index - 1]?.value : undefined;
    return before ? { ...step, rate: percent.format(step.value / before) } : { ...step };
  });
}

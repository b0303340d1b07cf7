/** The "Acessos" changes: each toasts its pt-BR outcome and reads plans, members and the webhook log again. */
import { useEntityMutation } from '../../../lib/use-entity-mutation.ts';
import { accessKeys, accessRequests } from './access-requests.ts';
import { ACCESS_TOASTS } from './access-texts.ts';

const invalidates = accessKeys.all;

export const useCreatePlan = () => useEntityMutation({ call: accessRequests.createPlan, failed: ACCESS_TOASTS.createFailed, succeeded: ACCESS_TOASTS.created, invalidates });
export const useUpdatePlan = () => useEntityMutation({ call: accessRequests.updatePlan, failed: ACCESS_TOASTS.updateFailed, succeeded: ACCESS_TOASTS.updated, invalidates });
export const useArchivePlan = () => useEntityMutation({ call: accessRequests.archivePlan, failed: ACCESS_TOASTS.archiveFailed, succeeded: ACCESS_TOASTS.archived, invalidates });
export const useGrantAccess = () => useEntityMutation({ call: accessRequests.grant, failed: ACCESS_TOASTS.grantFailed, succeeded: ACCESS_TOASTS.granted, invalidates });
export const useSetAccessUntil = () => useEntityMutation({ call: accessRequests.setAccessUntil, failed: ACCESS_TOASTS.extendFailed, succeeded: ACCESS_TOASTS.extended, invalidates });
export const useRefundStars = () => useEntityMutation({ call: accessRequests.refund, failed: ACCESS_TOASTS.refundFailed, succeeded: ACCESS_TOASTS.refunded, invalidates });
export const useRevokeAccess = () => useEntityMutation({ call: accessRequests.revoke, failed: ACCESS_TOASTS.revokeFailed, succeeded: ACCESS_TOASTS.revoked, invalidates });
export const useReprocessWebhook = () =>
  useEntityMutation({ call: accessRequests.reprocess, failed: ACCESS_TOASTS.reprocessFailed, succeeded: ACCESS_TOASTS.reprocessed, invalidates, refreshOnFailure: true });
export const useTestPurchase = () =>
  useEntityMutation({ call: accessRequests.testPurchase, failed: ACCESS_TOASTS.testFailed, succeeded: ACCESS_TOASTS.testSent, invalidates, refreshOnFailure: true });

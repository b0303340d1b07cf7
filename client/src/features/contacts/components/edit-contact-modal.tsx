import { useEffect, useState, type FormEvent } from 'react';
import { fieldErrors } from '@shared/api/validation.ts';
import { updateContactInputSchema, type Contact } from '@shared/contacts/schemas.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ModalFormActions } from '../../../components/ui/modal-form-actions.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCan } from '../../../lib/use-can.ts';
import { CONTACT_TOASTS } from '../api/contact-texts.ts';
import { useUpdateContact } from '../api/contact-writes.ts';
import { contactDisplayName } from '@shared/contacts/rules.ts';
import { ContactDataActions } from './contact-data-actions.tsx';
import { ContactLabelsEditor } from '../../../components/labels/contact-labels-editor.tsx';
import { ContactAccess } from '../../../components/access/contact-access.tsx';

const FORM_ID = 'edit-contact-form';

type Values = { firstName: string; lastName: string; phoneNumber: string };

/** Edits first name, last name and phone (docs/product.md#api-contacts), validated with the shared schema. */
export function EditContactModal({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  // A contact's data on request (export, erasure) is for owners and admins (shared/team/permissions.ts).
  const canContactData = useCan('contactData');
  const canAccess = useCan('access');
  const updateContact = useUpdateContact();
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', phoneNumber: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (contact) setValues({ firstName: contact.firstName, lastName: contact.lastName ?? '', phoneNumber: contact.phoneNumber ?? '' });
    setErrors({});
  }, [contact]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!contact) return;
    const parsed = updateContactInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setSaving(true);
    try {
      if (await updateContact(contact.id, values)) onClose();
    } catch {
      toast.error(CONTACT_TOASTS.updateError);
    } finally {
      setSaving(false);
    }
  }

  const field = (key: keyof Values) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <Modal
      open={contact !== null}
      onClose={onClose}
      title="Editar contato"
      footer={<ModalFormActions formId={FORM_ID} submitLabel="Salvar" onCancel={onClose} loading={saving} />}
    >
      <form id={FORM_ID} className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <Input label="Nome" required autoComplete="off" maxLength={64} {...field('firstName')} />
        <Input label="Sobrenome" autoComplete="off" maxLength={64} {...field('lastName')} />
        <Input label="Telefone" type="tel" autoComplete="off" placeholder="+55 11 91234-5678" maxLength={32} {...field('phoneNumber')} />
      </form>
      {contact && (
        <div className="mt-4">
          <ContactLabelsEditor contactId={contact.id} defaultOpen />
        </div>
      )}
      {contact && canAccess && <ContactAccess contactId={contact.id} />}
      {contact && canContactData && <ContactDataActions contactId={contact.id} name={contactDisplayName(contact)} onErased={onClose} />}
    </Modal>
  );
}

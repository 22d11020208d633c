import { Paper } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/paths';
import { RaiseTicketForm } from '../components/raise-ticket-form';

/** Raise a Ticket (support/ticketRaise, support/ticket/helpdesk): `?device=` names the device it is about. */
export function RaiseTicketPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Raise a Ticket" subtitle="Tell support what is wrong; the device's state goes with it" />
      <Paper withBorder p="md">
        <RaiseTicketForm
          deviceId={params.get('device')}
          onRaised={(t) => {
            toast.info(t.external ? `Ticket #${t.number} raised; it goes to ${t.external.label}` : `Ticket #${t.number} raised`);
            void navigate(`${paths.tickets.track}?ticket=${t.id}`);
          }}
        />
      </Paper>
    </>
  );
}

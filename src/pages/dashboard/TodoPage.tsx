// /todo: the caller's to-do list, the dashboard's waiting items one per line with where each is
// decided (GET /dashboard's `waiting`). Operators decide them; a merchant sees their own requests
// waiting for an operator, and what is left for them to do while they wait.
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import {
  Alert,
  Box,
  Button,
  Card,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LoadingLine, PageHeading, RetryAlert } from '../../components/PageHeading';
import { useSession } from '../../layout/SessionContext';
import { isMerchantsOwn, useDashboard, waitingItems } from './api';

const K = 'todo';

export const TodoPage = () => {
  const translate = useTranslate();
  const session = useSession();
  const operator = session.status === 'user' && session.role === 'operator';
  const [version, setVersion] = useState(0);
  const state = useDashboard(`todo:${version}`);
  const title = translate('common.screens.todo');
  const items =
    state.status === 'ready' && state.data.waiting
      ? waitingItems(state.data.waiting, operator).filter((i) => i.n > 0)
      : [];
  return (
    <Box>
      <PageHeading title={title} />
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(operator ? `${K}.intro_operator` : `${K}.intro_merchant`)}
      </Typography>
      {state.status === 'error' ? (
        <RetryAlert retryLabel={translate('dashboard.reload')} onRetry={() => setVersion((v) => v + 1)}>
          {translate(`${K}.failed`)}
        </RetryAlert>
      ) : state.status !== 'ready' ? (
        <LoadingLine text={translate(`${K}.loading`)} />
      ) : items.length === 0 ? (
        <Alert severity="success" variant="outlined" icon={<AssignmentTurnedInIcon />}>
          {translate(`${K}.all_clear`)}
        </Alert>
      ) : (
        <Card variant="outlined" sx={{ borderRadius: 3 }}>
          <List aria-label={title}>
            {items.map((i) => (
              <ListItem
                key={i.key}
                divider
                secondaryAction={
                  i.to ? (
                    <Button component={Link} to={i.to} variant="outlined" size="small">
                      {translate(`${K}.open`)}
                    </Button>
                  ) : null
                }
              >
                <ListItemIcon>
                  <PendingActionsIcon color="warning" aria-hidden />
                </ListItemIcon>
                <ListItemText
                  primary={translate(`${K}.items.${i.key}`, { smart_count: i.n })}
                  secondary={translate(
                    operator || isMerchantsOwn(i.key) ? `${K}.hint.${i.key}` : `${K}.hint_merchant`,
                  )}
                />
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </Box>
  );
};

export default TodoPage;

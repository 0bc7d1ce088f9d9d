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
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
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
      <Title title={title} />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(operator ? `${K}.intro_operator` : `${K}.intro_merchant`)}
      </Typography>
      {state.status === 'error' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => setVersion((v) => v + 1)}>
              {translate('dashboard.reload')}
            </Button>
          }
        >
          {translate(`${K}.failed`)}
        </Alert>
      ) : state.status !== 'ready' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} />
          <Typography>{translate(`${K}.loading`)}</Typography>
        </Stack>
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

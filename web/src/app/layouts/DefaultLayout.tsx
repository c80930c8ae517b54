import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { Brand } from '../../shared/ui/Brand';
import { ColorModeSwitch } from '../../shared/ui/ColorModeSwitch';
import { PageTransition } from '../../shared/ui/PageTransition';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/SkipLink';
import classes from './DefaultLayout.module.css';

/** Layout of the public pages: sign-in, registration, password reminder, not-found. */
export function DefaultLayout() {
  return (
    <Box className={classes.page}>
      <SkipLink />
      <Box component="header" className={classes.header}>
        <Container size="lg">
          <Group justify="space-between" h={64}>
            <Brand />
            <ColorModeSwitch />
          </Group>
        </Container>
      </Box>
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        size="lg"
        py={{ base: 'md', sm: 'xl' }}
        pb={120}
        style={{ outline: 'none' }}
      >
        <PageTransition>
          <Outlet />
        </PageTransition>
      </Container>
    </Box>
  );
}

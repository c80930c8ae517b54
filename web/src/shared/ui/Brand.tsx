import { Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Panel Uczestnika — strona główna">
      <Group gap={10} wrap="nowrap">
        <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden>
          <rect width="64" height="64" rx="14" fill="var(--mantine-color-baltyk-8)" />
          <path d="M8 40c6-6 10-6 16 0s10 6 16 0 10-6 16 0v12H8z" fill="#5fb3f5" />
          <path
            d="M8 30c6-6 10-6 16 0s10 6 16 0 10-6 16 0"
            stroke="#fff"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
          />
        </svg>
        <Text fw={800} fz="lg" style={{ whiteSpace: 'nowrap' }}>
          Panel Uczestnika
        </Text>
      </Group>
    </Link>
  );
}

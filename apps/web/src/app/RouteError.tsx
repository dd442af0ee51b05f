import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';

export function RouteError() {
  const err = useRouteError();
  if (isRouteErrorResponse(err)) return <ErrorPage status={err.status} />;
  console.error(err);
  return <ErrorPage status={500} />;
}

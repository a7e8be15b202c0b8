import { Headset } from 'lucide-react';
import { useState } from 'react';
import { pendingReturnTo, SESSION_ENDED_NOTICE } from '@/lib/return-to';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LoginForm } from './login-form';
import { ProductFeatures } from './product-features';
import { RegisterForm } from './register-form';

type AuthTab = 'login' | 'register';

export function SignInPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  // Read once: the notice stays while the agent signs in, even as the form re-renders.
  const [sessionEnded] = useState(() => pendingReturnTo() !== null);

  return (
    // The whole screen is the main landmark: nothing on it sits outside one (axe's region rule).
    <main className="flex min-h-screen items-center justify-center bg-linear-to-br from-primary/10 via-background to-background p-4 sm:p-8">
      <div className="grid w-full max-w-5xl items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <section className="space-y-8">
          <div className="flex items-center gap-3">
            <div className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
              <Headset className="size-6" aria-hidden="true" />
            </div>
            <div>
              <h1 className="text-3xl font-bold tracking-tight">{PRODUCT_NAME}</h1>
              <p className="text-muted-foreground">{PRODUCT_TAGLINE}</p>
            </div>
          </div>
          <ProductFeatures />
        </section>

        <div className="w-full max-w-md justify-self-center lg:justify-self-end">
          <Card className="shadow-md">
            <CardContent className="p-6">
              {sessionEnded && (
                <p role="status" className="mb-4 rounded-md border bg-muted/50 p-3 text-sm">
                  {SESSION_ENDED_NOTICE}
                </p>
              )}
              <Tabs
                value={tab}
                onValueChange={(value) => setTab(value === 'register' ? 'register' : 'login')}
              >
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="register">Register</TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm />
                </TabsContent>
                <TabsContent value="register">
                  <RegisterForm onRegistered={() => setTab('login')} />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
          <p className="mt-4 text-center text-xs text-muted-foreground">
            By creating an account, you agree to our Terms of Service and Privacy Policy.
          </p>
        </div>
      </div>
    </main>
  );
}

from clerkdesk.cli.main import main

raise SystemExit(main())

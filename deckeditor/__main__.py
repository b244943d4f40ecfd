from deckeditor.cli import main

raise SystemExit(main())
